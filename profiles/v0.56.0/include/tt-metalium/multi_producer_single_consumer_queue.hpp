// A bounded queue many threads push to and one thread pops from (tt-metal's device work queues): a ring of 8192
// slots, each holding a shared_ptr. push() waits while the ring is full; pop() on an empty queue returns null.
// Iteration walks the queued elements from the front without removing them.
//   MultiProducerSingleConsumerQueue<Work> q;  q.push(Work{...});  while (!q.empty()) run(*q.pop());
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <memory>
#include <mutex>
#include <thread>

#include <tt-metalium/assert.hpp>

template <typename T>
class MultiProducerSingleConsumerQueue {
    struct Node {
        std::shared_ptr<T> data = nullptr;
        Node* next = nullptr;
    };
    static constexpr std::uint32_t kRingSize = 8192;

public:
    std::atomic<std::thread::id> worker_thread_id;
    std::atomic<std::thread::id> parent_thread_id;

    MultiProducerSingleConsumerQueue() {
        for (std::uint32_t i = 0; i < kRingSize; i++) ring_[i].next = &ring_[(i + 1) % kRingSize];
        head_ = ring_;
        tail_ = ring_;
    }
    MultiProducerSingleConsumerQueue(MultiProducerSingleConsumerQueue&&) = delete;
    MultiProducerSingleConsumerQueue& operator=(MultiProducerSingleConsumerQueue&&) = delete;
    MultiProducerSingleConsumerQueue(const MultiProducerSingleConsumerQueue&) = delete;
    MultiProducerSingleConsumerQueue& operator=(const MultiProducerSingleConsumerQueue&) = delete;

    void push(T&& value) { push(std::make_shared<T>(std::move(value))); }
    void push(std::shared_ptr<T> value) {
        std::lock_guard<std::mutex> lock(push_mutex_);
        while (tail_.load()->next == head_.load()) std::this_thread::yield();  // full: the consumer frees a slot
        tail_.load()->data = std::move(value);
        tail_.store(tail_.load()->next);
    }

    // The front element, removed; null when the queue is empty.
    std::shared_ptr<T> pop() {
        Node* front = head_.load();
        if (front == tail_.load()) return nullptr;
        std::shared_ptr<T> value = std::move(front->data);
        front->data.reset();
        head_.store(front->next);
        return value;
    }
    void clear() {
        while (!empty()) pop();
    }
    bool empty() const { return head_.load() == tail_.load(); }

    class Iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = T;
        using difference_type = std::ptrdiff_t;
        using pointer = T*;
        using reference = T&;

        Iterator(Node* start) : current_(start) {}
        Iterator& operator++() {
            if (current_) current_ = current_->next;
            return *this;
        }
        bool operator!=(const Iterator& other) const { return current_ != other.current_; }
        const T& operator*() const { return *current_->data; }

    private:
        Node* current_;
    };
    Iterator begin() { return Iterator(head_.load()); }
    Iterator end() { return Iterator(tail_.load()); }

private:
    std::atomic<Node*> head_;
    std::atomic<Node*> tail_;
    std::mutex push_mutex_;
    Node ring_[kRingSize];
};
